(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-2098.js"]={"xₘ":"`cbS"};
