(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-6e.js"]={"2n":"m~//}/rt;b/oe/wG/"};
