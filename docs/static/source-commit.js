self.sourceCommit = "3c145e1f4ef351a8b2944af7bb6c526975e4ebb2";
