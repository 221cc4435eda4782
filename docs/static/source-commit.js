self.sourceCommit = "ceedd3d39e0ad3daf90e4dab57b56f6827504acf";
