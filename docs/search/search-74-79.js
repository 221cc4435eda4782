(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-79.js"]={"type":"ni/d+`+`+r+dg'bc+/+w`a+a+d+","typed":"r{/jb/ra/","types":"sq/","typing":"sq+d+"};
