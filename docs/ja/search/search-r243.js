(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r243.js"]=[["transformers/positions/index.html","アテンションにおける位置の比較",44,"比較を実行する","","results"]];
