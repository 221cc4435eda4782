(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-65.js"]={"2eₜ":"`ka;"};
