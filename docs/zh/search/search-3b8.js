(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b8.js"]={"θ":"ab/ea/sb/eaa/i/da/`bSiG//;/`///u;l;waSa//;//b/gGe//`G"};
