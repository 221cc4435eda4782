(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d.js"]={"m":"/pf;g++}b;n++`+Cf+i++`;abSlc/da++|d;la/`Sc/a7+k/k;e/k/f''aG/"};
