(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6b.js"]={"ok":[198,4,4,4,80,4,472,4]};
