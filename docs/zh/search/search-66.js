(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66.js"]={"f":"sc+db+++++++++g+}h++n+aS/b/b//a;/gc+pc+f+"};
