(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66.js"]={"f":"rd+ub+++++++++i+bl++n+oS/b/b//a;/ad+od+f+"};
