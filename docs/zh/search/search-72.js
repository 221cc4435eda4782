(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72.js"]={"r":"id+ce+b+ht/w+++e+nbScSg//c/+7`3"};
