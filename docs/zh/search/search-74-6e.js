(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-6e.js"]={"tn":"}oa/"};
