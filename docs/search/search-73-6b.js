(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6b.js"]={"skip":"ze/ae/","skips":"rd/tn/"};
