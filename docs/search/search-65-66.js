(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-66.js"]={"effect":"op/yk/","efficient":"obb/"};
