(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-78.js"]={"8x8":"jk/n0$$$$$$$$$$$$$$$$$m0$$$$$$$$$$$$$$$$$$$$$$$$$$"};
