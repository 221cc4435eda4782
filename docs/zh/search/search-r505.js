(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r505.js"]=[["transformers/positional_encoding.html","固定位置编码",20,"计算位置编码","","encodings"]];
