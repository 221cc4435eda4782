(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-76.js"]={"over":"`a/ua/xa/jk/t/cc/hb/if/u/r/c/e/g/sa/v/ab/","overflowed":"qe/","overridden":"jx/"};
