(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b7-209c.js"]={"ηₜ":"qcaG","ηₜα":"qca/","ηₜλ":"qca/a/"};
