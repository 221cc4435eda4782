(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-38.js"]={"58":"uf;df;","580":"|~a;","588":"ewa/"};
