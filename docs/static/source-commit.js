self.sourceCommit = "acda67392e796b017959339725abb0796c6ef8b7";
