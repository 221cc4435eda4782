(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-71.js"]={"sqrt":"tm+`+nc+ve+fa+ib+h+eh+","square":"kl/n;v/ga/a/hj/","squared":"em/"};
