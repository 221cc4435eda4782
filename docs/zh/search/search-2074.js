(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2074.js"]={"⁴":"ab/am/mu/v|/"};
