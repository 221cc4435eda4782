(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-39.js"]={"59":"{l/dwaG","593":"beb/","599":"}oa/"};
