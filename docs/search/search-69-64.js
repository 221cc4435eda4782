(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-64.js"]={"id":"`a/`//b/xe/","identical":"kh/~p/","identity":"pp+la/nf/","ids":"a/ca/a7n/u/m/`a+`+jb/bb'wd/h/ec/t/ei/","idx":"la++"};
