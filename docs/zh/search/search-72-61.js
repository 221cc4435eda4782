(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-61.js"]={"radford":"xp/","randint":"ka+","rank":"na+`+fa+k7p+na+d+vb+`+/`+`+a+"};
