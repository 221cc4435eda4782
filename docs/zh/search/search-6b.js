(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b.js"]={"k":"u3z+`+c?f3~a'a'ta+vc''`b+{''p/pb+eb''`'a'`/`'`'b'r/'`''yb/s/y+rSp'b/fSc'd'b3''`''`/`/'"};
