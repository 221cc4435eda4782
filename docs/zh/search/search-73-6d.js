(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6d.js"]={"small_cpu_run":"ar/","smith":"op/"};
