(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-6e.js"]={"2n":"yz//}/rt;b/oe/wG/"};
