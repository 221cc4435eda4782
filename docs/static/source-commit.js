self.sourceCommit = "8e04a6cfc1422ec7f96138ae17407e5fceef1740";
