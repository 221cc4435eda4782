(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b7-209c.js"]={"ηₜ":"ceaG","ηₜα":"cea/","ηₜλ":"cea/a/"};
