(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-36.js"]={"76":"yka/","764":"}oa/","769":"pcb/"};
