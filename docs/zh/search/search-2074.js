(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2074.js"]={"⁴":[355,16,412,16]};
