(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-78.js"]={"ax":"zg''''+zo+","axes":"{w/","axhline":"|g+","axis":"lr/","axvline":"{w+"};
