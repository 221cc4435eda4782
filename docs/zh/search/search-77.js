(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77.js"]={"w":"hf++t+}i//a/oe/l/b/l'l'|k'mWw'tb++ma++jb++x;`/eb+wb'bb'zb/"};
