(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-38.js"]={"48":"ij/oq/ik/","482":"asa/bd/ug/","487":"ewa/","488":"fha/","489":"ewa/"};
