(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-75.js"]={"yu":"nab/","yuanzhi":"du/","yunfeng":"nab/","yuxin":"z{/"};
