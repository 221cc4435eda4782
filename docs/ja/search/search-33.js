(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33.js"]={"3":"rcGoa/oaGa;afSoaShe/{b/~;oa/pbSoa/nSbGb'd'xhSbdGqc/ac;y/d;/}a;s;`/hf/taSx/d/`bG~/~/pa/m;"};
