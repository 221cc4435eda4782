(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-38.js"]={"18":"ufGcu/ik/ug/dv/","180":"|}/","185":"asa/bd/","187":"fhaG|n/"};
