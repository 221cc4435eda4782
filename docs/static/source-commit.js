self.sourceCommit = "2f57fafe93588023491a92bde4b400e33a3d60e8";
