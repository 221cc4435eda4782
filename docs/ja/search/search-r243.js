(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r243.js"]=[["normalization/deep_norm/index.html","DeepNorm",28,"DeepNorm 層による文字レベルのモデル","ロジット","readout x"]];
