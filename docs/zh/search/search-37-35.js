(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-35.js"]={"75":"fha/bd/xj/zl/","757":"beb/","759":"}oa/"};
