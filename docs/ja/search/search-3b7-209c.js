(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b7-209c.js"]={"ηₜ":"vhaG","ηₜα":"vha/","ηₜλ":"vha/a/"};
