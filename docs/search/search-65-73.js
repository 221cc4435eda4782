(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-73.js"]={"estimate":"lm/bc/a/dz;","estimates":"yj/km/qc/bd/ac/pb/pb/","estimation":"cea/tf<$$$$$$$$","estimator":"yka/"};
