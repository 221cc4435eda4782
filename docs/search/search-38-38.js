(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-38.js"]={"88":"}oa/","885":"}oa/","889":"}oa/"};
