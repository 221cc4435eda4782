(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-30.js"]={"50":"`a;seShz/n;giGxj;bdSug/ac;`b;","500":"pq/uw/oa/a/~cGxj/","504":"xza/","505":"wjb/"};
