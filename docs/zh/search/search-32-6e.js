(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-6e.js"]={"2n":"hy//}/rt;b/oe/wG/"};
