(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-72.js"]={"or":"ewa/{eG~i/","order":"ke+tg+xq+`+ok++jc+a+","origin":"zr'","orthogonal":"lla'","orthogonal_":"lla+"};
