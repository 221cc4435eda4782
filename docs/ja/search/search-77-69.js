(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-69.js"]={"wikitext":"|}/","with":"|g'kc'ce/oa'h'z''f'vf'h'he/","with_name":"|g+kc+"};
