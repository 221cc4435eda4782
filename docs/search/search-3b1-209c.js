(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1-209c.js"]={"αₜ":"`a/~Gd/m/a/a/dba;a/k/","αₜλ":"cea;a//"};
