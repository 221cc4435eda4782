(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-32.js"]={"22":"uf;eg;fh/mo/wy/","221":"k}a;","223":"k}a/","228":"k}a;"};
