(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-72.js"]={"url":"wg'b7`+b't/","urllib":"}g+","urlopen":"}g+"};
