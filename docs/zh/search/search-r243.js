(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r243.js"]=[["normalization/deep_norm/index.html","DeepNorm",28,"由 DeepNorm 层构成的字符级模型","Logits","readout x"]];
