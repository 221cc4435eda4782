(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r243.js"]=[["normalization/layer_norm/index.html","Layer Normalization","LayerNorm.forward-8","Layer Normalization Layer","","x_norm"]];
