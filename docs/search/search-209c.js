(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-209c.js"]={"ₜ":"`a/ykSi/gGd/`/rS"};
