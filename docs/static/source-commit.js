self.sourceCommit = "c58d4f01513f07c0ab7958c5cbea0ba94777900e";
