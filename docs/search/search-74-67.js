(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-67.js"]={"tgt":"c}a''g''`7`+a++","tgt_embed":"m}a7+f+","tgt_mask":"c}a7+j7`+a++","tgt_seq_len":"c}aS`/e/bGc/"};
