(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-66.js"]={"affine":"zy7+o+m''nb7+g+fbC+g+d'''e'u'''e'","after":"nx+"};
