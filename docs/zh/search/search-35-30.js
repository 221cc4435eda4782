(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-30.js"]={"50":"`a;seScu/n;giGxj;bdSug/ac;`b;","500":"|m/dv/oa/a/~cGxj/","504":"sua/","505":"reb/"};
