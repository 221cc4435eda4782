(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-66.js"]={"vf":"`ka/b/g/f/`/"};
