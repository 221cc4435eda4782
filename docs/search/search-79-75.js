(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-75.js"]={"yu":"sfb/","yuanzhi":"iz/","yunfeng":"sfb/","yuxin":"`ba/"};
