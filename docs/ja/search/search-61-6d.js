(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-6d.js"]={"amodei":"xp/","amp":"zb'k+h'n'yd'","amp_dtype":"zb+k+h+n+yd+","amsgrad":"zi///O`+d/m/q+|C+"};
