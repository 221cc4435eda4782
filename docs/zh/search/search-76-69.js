(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-69.js"]={"vi":"}oa/","victor":"~`a/","view":"cb+|'ga++c+ud+ga+la+wc+la+wf+a+|a+e+++hc++ob++ow+`g+wc+rb+","view_as":"bc+"};
