(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r243.js"]=[["normalization/deep_norm/index.html","DeepNorm",28,"A character model of DeepNorm layers","Logits","readout x"]];
