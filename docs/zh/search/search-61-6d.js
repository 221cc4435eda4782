(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-6d.js"]={"amodei":"ev/","amp":"yc'k+h'n'bf'","amp_dtype":"yc+k+h+n+bf+","amsgrad":"kl/n//O`+d/m/w+gaC+"};
