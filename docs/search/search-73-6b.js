(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6b.js"]={"skip":"kg/pf/","skips":"qe/ts/"};
