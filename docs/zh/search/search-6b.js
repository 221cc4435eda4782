(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b.js"]={"k":"ta3z+`+c?f3~a'a'fb+md''ic+ja''ha/pb+bc''`'a'`/`'`'b'}/'`''mc/~/y+daSp'b/xSc'd'b3''`''`/`/'"};
