(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37.js"]={"7":"rc/ac;seG}oSqc/ac/pb/bd/uw/"};
