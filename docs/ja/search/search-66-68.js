(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-68.js"]={"fhis":"asa/bd/"};
