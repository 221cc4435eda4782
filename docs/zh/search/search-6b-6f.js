(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-6f.js"]={"koray":"ega/"};
