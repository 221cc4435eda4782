(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-72.js"]={"url":"ef'b7`+b'q/","urllib":"kf+","urlopen":"kf+"};
