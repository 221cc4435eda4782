(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r505.js"]=[["transformers/positional_encoding.html","Fixed Positional Encodings",20,"Compute the positional encodings","","encodings"]];
