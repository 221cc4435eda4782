(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-34.js"]={"04":"`a/cva/","040":"|}/}`a;","042":"ewa/","044":"|~a;","048":"uf/~p;","049":"{l/gja/"};
