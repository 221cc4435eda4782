(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67.js"]={"g":"ip'a//3''mS;/`;`S/;;}''c/c?`'''la///mg+aa;oaS`/a//jbS`;d/;G;h/nc/`/lb/gc+v+~f+be+ba+++"};
