(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-33.js"]={"13":"`a/seSgi/ik/mo/bd/qc/bt/","130":"yka/","131":"}oa;","136":"yka;y{;","137":"yka;"};
