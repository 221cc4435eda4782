(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-6a.js"]={"2j":"~ia;"};
