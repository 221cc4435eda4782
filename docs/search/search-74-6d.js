(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-6d.js"]={"tmp":"jf++ga+la+bo+"};
