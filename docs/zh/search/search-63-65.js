(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-65.js"]={"ceil":"xfa+","celeba":"uf/","cell":"bs+c'pka'b'c'","cells":"fg+mv+++iaa+jd+","centres":"cn'b+++`++a+z'"};
