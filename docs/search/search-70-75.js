(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-75.js"]={"pulled":"jw/","pulling":"jw/","put":"ub'~d/hi/","puts":"ar/fh/se;ta/"};
