(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62.js"]={"b":"}f7+`''ob+{;bS//{kG;/`/`3`'`/'/`/ffSg;G;c;x/l+++++c+mSg;GS;mg+++qa;we+a+`i;};ue+ze;v/"};
