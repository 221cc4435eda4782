self.sourceCommit = "caf73b2f2a98be0e1796642aaa957d588d513200";
