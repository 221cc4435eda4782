(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-31.js"]={"11":"ufGxj/wd/}d/moSbd/","110":"qsa/|n/","112":"pcb;","114":"yka/","116":"yka/","118":"yka/"};
