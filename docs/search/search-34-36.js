(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-36.js"]={"46":"uf/xj/wi/bd/eha;","468":"j{/"};
