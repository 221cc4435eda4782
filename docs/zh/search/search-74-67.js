(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-67.js"]={"tgt":"vab''g''`7`+a++","tgt_embed":"abb7+f+","tgt_mask":"vab7+j7`+a++","tgt_seq_len":"vabS`/e/bGc/"};
