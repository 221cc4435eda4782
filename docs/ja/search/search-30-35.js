(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-35.js"]={"05":"mn/vx/|n/","059":"}oa/"};
