(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6d.js"]={"small_cpu_run":[414,16],"smith":[389,16]};
