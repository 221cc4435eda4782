(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-79.js"]={"type":"kk/k+li'lc+c+b/+`+`+raa+a+d+","typed":"waa/jb/ra/","types":"gu/","typing":"gu+d+"};
