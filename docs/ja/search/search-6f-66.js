(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-66.js"]={"of":"|m/pb/rd/yk/xj/oa;ac/bd;","off":"lf'{'gna/","offset":"xab7a+k++|a+","ofir":"}oa/"};
