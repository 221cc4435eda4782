(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-6d.js"]={"2m":"~ia/"};
