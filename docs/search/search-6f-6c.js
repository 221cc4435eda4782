(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6c.js"]={"old":"kj/y}/","older":"yt/","oldest":"gha/","oleg":"gia/"};
