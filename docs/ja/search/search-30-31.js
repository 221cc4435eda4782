(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-31.js"]={"01":"gk//","01²":"nq/a/"};
