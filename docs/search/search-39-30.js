(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-30.js"]={"90":"qi/pk/ga;}c/`/","900":"oqa/`a/","903":"ev/","904":"k}a/"};
