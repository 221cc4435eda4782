(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-67.js"]={"tgt":"q{a''g''`7`+a++","tgt_embed":"{{a7+f+","tgt_mask":"q{a7+j7`+a++","tgt_seq_len":"q{aS`/e/bGc/"};
