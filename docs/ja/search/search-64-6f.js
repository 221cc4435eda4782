(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-6f.js"]={"docs":[0,16],"docstring":[0,16],"dot":[613,4],"double":[725,8],"download":[196,8,6,8]};
