(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-34.js"]={"54":"`cb;","543":"}oa/"};
