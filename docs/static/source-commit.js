self.sourceCommit = "d32aceba9b996c5cd276cf64c975028414267eed";
