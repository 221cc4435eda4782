(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r243.js"]=[["transformers/positions/index.html","注意力中的位置方案比较",44,"运行比较","","results"]];
