(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-36.js"]={"46":"uf/eg/fh/bd/eha;","468":"ev/"};
