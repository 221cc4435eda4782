(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33.js"]={"3":"lh/riGy/c;/~a/s/i/~e/xd/"};
