(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r441.js"]=[["transformers/mha.html","多头注意力 (MHA)","MultiHeadAttention.forward-13","计算 Qurey 和 Key 之间的分数","输出层","output x"]];
