(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-72.js"]={"url":"br'b7`+b't/","urllib":"hr+","urlopen":"hr+"};
