self.sourceCommit = "016204ce9750deb604b23aacc41daaaac36f41ff";
