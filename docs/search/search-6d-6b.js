(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-6b.js"]={"mkdir":"jf+{+m+{h+`+bb+l+sb+ec+tb+q+fd+jb+qa+wf+{c+fa+ob+ep+gd+"};
