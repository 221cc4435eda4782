(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-6b.js"]={"mkdir":"bh+ec+{s+"};
