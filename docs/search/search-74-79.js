(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-79.js"]={"type":"zb/k+nb'ub+c+b/+`+`+wg+a+d+","types":"xe/","typing":"xe+d+"};
