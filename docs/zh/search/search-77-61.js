(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-61.js"]={"warmup":"nkC`7a7+g+d;7+/++~/~+wG++'","warning":"xi+"};
