(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-209c.js"]={"eₜ":"|c;f/u/yea/{/"};
