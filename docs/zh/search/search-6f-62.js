(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-62.js"]={"obs":"tea''`+e'''b++p++b'''++`+'+~+`++m'`+};}''++`'`++`+'+","obs_t":"fka++","observation":"}fa'ad'"};
