(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-33.js"]={"030":"ewa/","031":"}oa/dv/","034":"ewa/ug/","035":"|~a/","036":"beb/","038":"|}/","039":"dgb/"};
