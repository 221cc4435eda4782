(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-30.js"]={"60":"}oa/su/","600":"j{;ew/btS`b/","6000":"de/","601":"qsa/"};
