(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3005.js"]={"々":"iha/af/oa/xl/ff/ac/"};
