(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-79.js"]={"type":"hc+nb'ub+c+c+`+`+wg+a+d+","typing":"xe+d+"};
