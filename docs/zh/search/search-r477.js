(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r477.js"]=[["transformers/positional_encoding.html","固定位置编码","get_positional_encoding-10","计算位置编码","","encodings"]];
