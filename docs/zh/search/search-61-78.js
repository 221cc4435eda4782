(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-78.js"]={"ax":"zg''''+zo+","axhline":"|g+","axvline":"{w+"};
