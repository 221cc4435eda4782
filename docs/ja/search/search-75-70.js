(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-70.js"]={"update":"qe+dc+vd'r'","upper":"qg+"};
