(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-34.js"]={"04":"ev/"};
