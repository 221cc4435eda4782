(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r476.js"]=[["transformers/mha_fast.html","使用融合内核的多头注意力",16,"使用 scaled_dot_product_attention 的多头注意力","输出层","output x"]];
