(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-70.js"]={"update":"rd+mb+lc'r'","upper":"af+"};
