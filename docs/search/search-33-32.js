(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-32.js"]={"32":"rp''b'ga/gk''o;sc''","321":"|};"};
