(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-69.js"]={"right":"/rd/xf/tj/ug/u/ha/","rise":"|}/","rises":"kl/pb/{d/","rising":"bs/xj/"};
