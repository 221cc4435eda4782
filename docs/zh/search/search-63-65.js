(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-65.js"]={"ceil":"jha+","celeba":"uf/","cell":"ct+c'ala'b'c'","cells":"fg+~w+++iaa+jd+","centres":"sn'b+++`++a+z'"};
