(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-36.js"]={"36":"`a/se;","360":"de/a/laSxzG","362":"}oa/","367":"n`a/","369":"uhbG"};
