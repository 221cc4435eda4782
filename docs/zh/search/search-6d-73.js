(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-73.js"]={"mse":"mc'","mse_loss":"mc+"};
