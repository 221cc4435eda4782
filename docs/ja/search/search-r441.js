(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r441.js"]=[["transformers/mha.html","マルチヘッドアテンション (MHA)","MultiHeadAttention.forward-13","クエリとキーの間のスコアを計算する","出力層","output x"]];
