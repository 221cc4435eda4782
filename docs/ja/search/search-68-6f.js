(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-6f.js"]={"how":[302,8,1,8]};
