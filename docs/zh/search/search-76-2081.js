(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-2081.js"]={"v₁":"qca/w/"};
