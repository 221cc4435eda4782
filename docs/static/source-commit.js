self.sourceCommit = "65f7f42c5cd63443d626c7b7be1acb46e9f11c3f";
