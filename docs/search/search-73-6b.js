(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6b.js"]={"skip":[182,16,158,16],"skips":[143,16,456,16]};
