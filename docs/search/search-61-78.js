(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-78.js"]={"ax":"ui''''+}t+","axes":"y~/","axhline":"wi+","axis":"`x/","axvline":"y~+"};
