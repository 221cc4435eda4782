(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6c.js"]={"old":"hm/kl/ts/","older":"`y/","oldest":"lma/","oleg":"lna/"};
