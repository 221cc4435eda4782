(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3005.js"]={"々":"wfa/af/oa/xl/ff/ac/"};
