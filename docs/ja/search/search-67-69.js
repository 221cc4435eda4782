(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-69.js"]={"given":"tm+ob+","gives":"ewa/"};
