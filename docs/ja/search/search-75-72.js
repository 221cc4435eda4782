(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-72.js"]={"url":"uu'b7`+b't/","urllib":"{u+","urlopen":"{u+"};
