(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-39.js"]={"291":"uhbS","292":"}oaG","295":"n`a/","296":"n`a/","298":"}oa/qc/ac/bd/","299":"}oa/"};
