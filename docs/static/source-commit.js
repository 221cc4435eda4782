self.sourceCommit = "3e6d84ecfbe224936090092c3019ac6e3ded8b8d";
