(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-33.js"]={"23":"mn/mo/","232":"vw/","233":"vw/"};
