(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68.js"]={"h":"opGa//af/n+++yk+a+++"};
