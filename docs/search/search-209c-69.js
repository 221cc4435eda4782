(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-209c-69.js"]={"ₜi":"ab/"};
