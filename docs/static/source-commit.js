self.sourceCommit = "eb7acf8b9c70d1de209975e70bede3a69fd2bbac";
