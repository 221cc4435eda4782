self.sourceCommit = "3e56f917f5f34398c2f1f4c85e7917a902acf994";
