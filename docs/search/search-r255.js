(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r255.js"]=[["normalization/layer_norm/index.html","Layer Normalization","LayerNorm.forward-8","Layer Normalization Layer","","x_norm"]];
