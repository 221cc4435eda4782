(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-32.js"]={"22":"uf;ug;gi/mo/wy/","221":"|~a;","223":"|~a/","228":"|~a;"};
