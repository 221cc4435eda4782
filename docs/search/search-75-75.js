(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-75.js"]={"uuid":"xt+","uuid1":"xt+"};
