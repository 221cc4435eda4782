(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a.js"]={"z":"ya;e/wr++b++`+++he+++"};
