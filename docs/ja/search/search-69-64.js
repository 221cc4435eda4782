(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-64.js"]={"id":"a/|/`//a//`/n/u/m/nc/n/kf/h/ec/t/ei/","identity":"pp+","ids":"ia+wb+`+nd'","idx":"la++"};
