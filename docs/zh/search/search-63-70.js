(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-70.js"]={"cpu":"/~b/`+hg/j/s/pfSbdSacGrd;b/f+d'b'n'`'}/"};
