(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-77.js"]={"owf":"}oa/"};
