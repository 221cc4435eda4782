(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37.js"]={"7":"rc/ac;giGoqSqc/ac/pb/bd/uw/"};
