(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6f.js"]={"bo":[760,16],"bool":[603,8,183,8],"boolean":[187,4],"booleanoptionalaction":[187,8]};
