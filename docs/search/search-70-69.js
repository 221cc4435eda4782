(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-69.js"]={"pick":"ya/bt/hd/","picks":"ja/ng/","picture":"mg/","piece":"jl;","pieces":"zs;","pip":"mg/ze/"};
