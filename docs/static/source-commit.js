self.sourceCommit = "de3aaa14fe3c346513fe6255f882a88ea0770f87";
