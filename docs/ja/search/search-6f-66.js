(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-66.js"]={"of":"pq/pb/df/yk/xj/oa;ac/bd;","off":"lf'{'lsa/","offset":"}fb7a+k++|a+","ofir":"cua/"};
