(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-75.js"]={"yu":[760,16],"yunfeng":[760,16]};
