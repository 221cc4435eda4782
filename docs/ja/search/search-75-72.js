(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-72.js"]={"url":"cs'b7`+b't/","urllib":"is+","urlopen":"is+"};
