(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37.js"]={"7":"rc/ac;dfG~pSqc/ac/pb/bd/uw/"};
