(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-34.js"]={"04":"`a/vya/","040":"pba/}`a;","044":"pcb;","048":"uf/rt;","049":"~o/"};
