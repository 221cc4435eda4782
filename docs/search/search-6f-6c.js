(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6c.js"]={"old":"ve/~e/","older":"bk/"};
