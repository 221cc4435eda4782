(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-31.js"]={"512":"mk/zaGlc;nb/sc/"};
