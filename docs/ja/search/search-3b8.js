(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b8.js"]={"θ":"ab/ea/sb/q|/i/da/`bSiG//;/`///u;l;waSa//;//b/gGe//`G"};
