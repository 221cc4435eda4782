(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-31.js"]={"11":"ufGug/he/|c/moSbd/","110":"}oa/|n/","112":"|~a;","114":"fha/","116":"fha/","118":"fha/"};
