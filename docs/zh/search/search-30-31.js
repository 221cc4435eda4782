(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-31.js"]={"01":"mn//","01²":"zv/a/"};
