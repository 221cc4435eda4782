(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-b2.js"]={"d²":"uf/f/"};
