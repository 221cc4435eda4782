(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-34.js"]={"44":"z{/`ca/","440":"|}/","442":"|~a;","445":"ewaG","447":"}oa/","448":"ewa;"};
