(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-72.js"]={"krₜ":"iha/"};
