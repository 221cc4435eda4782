(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67.js"]={"g":"fm'a//3''mS;/`;`S/;;}''c/c?`'''la///|f+aa;oaS`/a//jbS`;d/;G;h/nc/`/lb/gc+v+~f+be+ba+++"};
