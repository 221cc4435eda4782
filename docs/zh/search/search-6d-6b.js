(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-6b.js"]={"mkdir":"jf+{+m+db+bc+`+bb+l+sb+mb+za+q+fd+jb+qa+wf+{c+fa+ob+ep+gd+"};
