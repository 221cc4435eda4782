(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-72.js"]={"or":"q{aG~i/","order":"ke+dg+wp+`+ok++jc+a+","origin":"yq'","orthogonal":"zja'","orthogonal_":"zja+"};
