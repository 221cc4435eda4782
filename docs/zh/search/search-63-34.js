(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-34.js"]={"c4":"beb/"};
