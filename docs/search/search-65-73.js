(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-73.js"]={"estimate":"|m/bc/a/e{;","estimates":"jk/ln/qc/bd/ac/pb/pb/","estimation":"tfa/tf<$$$$$$$$","estimator":"kma/"};
