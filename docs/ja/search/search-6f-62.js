(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-62.js"]={"obs":"yja''`+e'''b++p++b'''++`+'+~+`++m'`+};}''++`'`++`+'+","obs_t":"kpa++","observation":"cla'ad'"};
