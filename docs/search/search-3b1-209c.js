(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1-209c.js"]={"αₜ":"`a/~Gd/m/a/a/r`a;a/k/","αₜλ":"qca;a//"};
