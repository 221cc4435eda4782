(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c3-209c.js"]={"σₜ":"`a;~a/","σₜz":"}b/","σₜz_":"`a/","σₜ²":"`aG~;b;d/hdS","σₜ²i":"ab/"};
