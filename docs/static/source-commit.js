self.sourceCommit = "1cc8c788d73f2a5c0a3b92d40c02523da61c6810";
