self.sourceCommit = "077e275dd4823ce97cc7a71a9025720b7641f0e2";
