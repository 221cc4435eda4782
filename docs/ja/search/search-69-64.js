(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-64.js"]={"id":"`a/|/`//a//`/n/u/m/ed/n/li/h/zc/t/zk/","identity":"uu+","ids":"hb+wb+`+ve'","idx":"kb++"};
