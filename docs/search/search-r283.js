(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r283.js"]=[["normalization/layer_norm/index.html","Layer Normalization",12,"Layer Normalization Layer","","x_norm"]];
