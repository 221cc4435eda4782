(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-72.js"]={"or":"vabG~i/","order":"ke+wj+ir+`+ok++jc+a+","origin":"mu'","orthogonal":"`pa'","orthogonal_":"`pa+"};
