(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r255.js"]=[["normalization/layer_norm/index.html","層正規化","LayerNorm.forward-8","層正規化層","","x_norm"]];
