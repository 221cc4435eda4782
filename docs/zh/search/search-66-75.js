(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-75.js"]={"functional":"hy/"};
