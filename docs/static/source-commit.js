self.sourceCommit = "e12e365ebb07806b63b2b99c371b26c6a78b8c9d";
