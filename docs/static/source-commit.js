self.sourceCommit = "80ac5514944a65bd1b00fc95c6f291d4f2e31183";
