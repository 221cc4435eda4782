(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-6f.js"]={"go":"va/}c/dx/a/","god":"ar/bd/","goes":"ve/na/d/we/da/qc/eg/","good":"|}/","got":"}m/"};
