(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r255.js"]=[["normalization/layer_norm/index.html","层归一化","LayerNorm.forward-8","层归一化层","","x_norm"]];
