(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3005.js"]={"々":"|ka/af/oa/xl/ff/ac/"};
