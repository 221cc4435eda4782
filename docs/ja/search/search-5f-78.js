(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f-78.js"]={"_x":"rr/na/e/c///o|/i;","_xₜ":"`ra/"};
