(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b4.js"]={"δ":"qba;`/`/"};
