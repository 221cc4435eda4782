(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-66.js"]={"affine":"n}7+o+m''nb7+g+fbC+g+d'''e'u'''e'","after":"nm'q'}m+","after_step":"nm+q+"};
