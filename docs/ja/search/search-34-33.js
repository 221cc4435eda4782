(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-33.js"]={"43":"~o/mo;ikG|n/","432":"pcb/","433":"pcb;","434":"pcb/","437":"de/oa/xz/"};
