(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-64.js"]={"id":"~a/`//b/of/","identical":"rj/pv/","identity":"uu+sa/qh/","ids":"`a/ca/a7n/u/m/`a+`+ac/sb'gg/h/zc/t/zk/","idx":"kb++"};
