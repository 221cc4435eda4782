(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-72.js"]={"create":"rk+","cross":"rd'sy'","cross_entropy":"rd+sy+","crossentropyloss":"f|/"};
