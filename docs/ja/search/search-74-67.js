(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-67.js"]={"tgt":"c|''g''`7`+a++","tgt_embed":"m|7+f+","tgt_mask":"c|7+j7`+a++","tgt_seq_len":"c|S`/e/bGc/"};
