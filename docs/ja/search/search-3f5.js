(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3f5.js"]={"ϵ":"{l;`/p;d;`/r;n/u/ed/fb/"};
