self.sourceCommit = "2ef893d824c5d5a909d4e812ce8421f92943d5a2";
