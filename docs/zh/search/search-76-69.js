(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-69.js"]={"vi":"qsa/","victor":"rda/","view":"cb+|'ga++c+re+{a+}b+wc+la+hg+a+|a+e+++hc++ob++ow+`g+wc+rb+","view_as":"bc+"};
