(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6f.js"]={"bo":"ox/","bool":"ms+ze+","boolean":"`f'","booleanoptionalaction":"`f+"};
