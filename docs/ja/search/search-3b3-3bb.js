(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b3-3bb.js"]={"γλ":"kma/e/","γλâₜ":"rma/"};
