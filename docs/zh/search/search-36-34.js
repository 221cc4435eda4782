(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-34.js"]={"64":"bb'qd;a//`/`'c/qc'ba;~Soa;gi;a;~c/se/se/pa'g'c''`b/qc;ac;ykSi'ub;`''g''raG`b;"};
