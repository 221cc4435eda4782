(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-67.js"]={"tgt":"tu''g''`7`+a++","tgt_embed":"~u7+f+","tgt_mask":"tu7+j7`+a++","tgt_seq_len":"tuS`/e/bGc/"};
