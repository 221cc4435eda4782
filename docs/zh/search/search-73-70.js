(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-70.js"]={"sparse":"`n'","splitlines":"wh+"};
