(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-31.js"]={"512":"}n/acGbd;ac/rd/"};
