(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a.js"]={"z":"xb;e/gx++b++`+++{f+++"};
