(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-73.js"]={"estimate":"`q/bc/a/u{;","estimates":"gl/db/|n/qc/bd/ac/pb/pb/","estimation":"hja/tf<$$$$$$$$","estimator":"~pa/"};
