(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-67.js"]={"again":"mb;~c7va/pe/od/wc;fj/","against":"uf/pb/i/kh/yk/u;a//ub;c/q/","agree":"{l/pl;"};
