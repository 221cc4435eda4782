(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-61.js"]={"radford":"ev/","randint":"jb+","rank":"mb+`+fa+k+p+na+d+~c+`+/`+`+a+"};
