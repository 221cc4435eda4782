(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-32.js"]={"829":"}oa/"};
