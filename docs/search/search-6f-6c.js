(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6c.js"]={"old":"|t/yt/","older":"jv/","oldest":"xia/","oleg":"xja/"};
