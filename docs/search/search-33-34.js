(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-34.js"]={"34":"pba/~p/","341":"qsa/","348":"~o/mo/","349":"}oa;"};
