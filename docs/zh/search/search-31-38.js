(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-38.js"]={"18":"ufGvx/ik/ug/dv/","180":"pba/","185":"tva/bd/","187":"ykaG"};
