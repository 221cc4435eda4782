(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b3-3bb.js"]={"γλ":"~pa/e/","γλâₜ":"fqa/"};
