(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71.js"]={"q":"vl''re/z/'`''`eSt/l''`''g''"};
