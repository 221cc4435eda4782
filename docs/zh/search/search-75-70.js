(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-70.js"]={"update":[143,8,77,8,107,4,20,4],"upper":[188,8]};
