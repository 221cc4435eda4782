(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-34.js"]={"34":"|}/~p/","341":"}oa/","348":"{l/|n/hz/","349":"jla;"};
