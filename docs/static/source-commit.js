self.sourceCommit = "5f9b21ca6936dc1043bd38dcaab21bf8fa54f2e6";
