(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-33.js"]={"33":"~o/oaG~aa/","331":"qsa/","334":"}oa;","339":"}oaG"};
