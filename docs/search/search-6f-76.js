(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-76.js"]={"over":"a/ua/xa/th/j/kb/ra/ge/q/g/c/e/g/ba/m/wa/","overflowed":"rd/","overridden":"vr/"};
