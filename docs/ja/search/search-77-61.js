(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-61.js"]={"warmup":"~nC`7a7+g+d;7+/++eb/~+wG++'","warning":"`l+"};
