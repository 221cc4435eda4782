(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-65.js"]={"ceil":"}ka+","celeba":"uf/","cell":"uv+c'bma'b'c'","cells":"fg+r{+++iaa+jd+","centres":"vq'b+++`++a+z'"};
