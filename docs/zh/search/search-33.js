(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33.js"]={"3":"rc;oa/oaGa;afSoaShe/{b/~;bdS`bSb;b'd'xhSbdGtf;y/d;/}a/s/jf/taSx/d/`bG`b/pa/m/"};
