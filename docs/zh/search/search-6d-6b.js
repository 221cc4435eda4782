(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-6b.js"]={"mkdir":"jf+{+l+ye+`+bb+l+za+ga+ia+oc+p+gd+jb+pa+xf+{c+ea+pb+ep+fd+"};
