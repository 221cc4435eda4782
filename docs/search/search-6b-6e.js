(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-6e.js"]={"know":"|}/","known":"zu/","knows":"`a/~p/{/"};
