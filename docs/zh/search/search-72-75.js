(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-75.js"]={"run":"aa'lb/tb'+ve'~eGhb'b+","ruslan":"pba/"};
