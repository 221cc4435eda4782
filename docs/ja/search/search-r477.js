(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r477.js"]=[["transformers/positional_encoding.html","固定位置エンコーディング","get_positional_encoding-10","位置エンコーディングの計算","","encodings"]];
