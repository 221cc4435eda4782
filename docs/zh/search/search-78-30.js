(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-30.js"]={"x0":"la+`++z7++`+++`+++++m7+++mb++"};
