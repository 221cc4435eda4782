(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-30.js"]={"50":"`a;seStv/n;giGxj;bdSug/ac;`b;","500":"mn/ew/oa/a/~cGxj/","501":"ewa;","504":"ewa/","505":"dgb/"};
