(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-2091.js"]={"wₑ":"qwa/c/n/"};
