(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-32.js"]={"628":"|~a/","629":"}oa/"};
