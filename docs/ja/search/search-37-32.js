(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-32.js"]={"723":"}oa/"};
