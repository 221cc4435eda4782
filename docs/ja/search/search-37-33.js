(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-33.js"]={"73":"`a/","730":"}oa/","736":"}oa/"};
