(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-62.js"]={"obs":"fga''`+e'''b++p++b'''++`+'+~+`++m'`+};}''++`'`++`+'+","obs_t":"wla++","observation":"oha'ad'"};
