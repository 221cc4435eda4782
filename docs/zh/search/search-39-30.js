(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-30.js"]={"90":"ai/rm/ga;}c/`/","900":"asa/`a/","902":"ewa/","903":"vw/","904":"|~a/"};
