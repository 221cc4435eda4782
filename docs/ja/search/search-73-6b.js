(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6b.js"]={"skips":"~d+`+","sklearn":"ug+yw+"};
