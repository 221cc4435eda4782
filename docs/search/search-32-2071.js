(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-2071.js"]={"2ⁱ":"rd/"};
