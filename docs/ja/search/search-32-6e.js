(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-6e.js"]={"2n":"op;b/oe/wG/"};
