(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r243.js"]=[["transformers/positions/index.html","Positions in Attention Compared",44,"Run the comparison","","results"]];
