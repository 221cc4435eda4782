(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-69.js"]={"view":"oa+bb+tn+ie+ab+"};
