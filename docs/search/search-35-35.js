(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-35.js"]={"55":"ufGx{a;","551":"lna/","554":"k}a/","557":"k}a/"};
