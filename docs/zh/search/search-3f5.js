(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3f5.js"]={"ϵ":"{i;`/p;d;`/l;d/u/~b/pa/"};
