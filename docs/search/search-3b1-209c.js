(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1-209c.js"]={"αₜ":"`a/~Gd/m/a/a/wea;a/k/","αₜλ":"vha;a//"};
