(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-36.js"]={"46":"uf/ug/gi/bd/eha;","468":"vw/"};
