(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-36.js"]={"46":"uf/ug/gi/bd/eha;","461":"ewa;","462":"ewa;","468":"vw/"};
