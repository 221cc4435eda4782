(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-63.js"]={"wcid":"}oa/"};
