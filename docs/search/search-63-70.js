(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-70.js"]={"cpu":"/~b/`+hg/j/s/pfSbdSac;rd;b/f+d'b'n'`'}/","cpus":"hy/"};
