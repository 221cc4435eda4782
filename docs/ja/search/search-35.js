(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35.js"]={"5":"}nSG/;/|b/x/d;wGlf/pc;"};
