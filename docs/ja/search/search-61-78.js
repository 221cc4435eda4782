(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-78.js"]={"ax":"ui''''+}t+","axhline":"wi+","axvline":"y~+"};
