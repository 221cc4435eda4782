(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d.js"]={"m":"/fh;g++hd;n++`+Cf+i++f;qcSbd/da++nf;oa/nSc/a7+k/};e/k/f''aG/"};
