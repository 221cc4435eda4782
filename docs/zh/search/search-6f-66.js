(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-66.js"]={"of":"mn/pb/se/yk/xj/oa;eg/","off":"lf'{'","offset":"jcb7a+k++|a+","ofir":"oqa/"};
