(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-38.js"]={"58":"uf;gi;","580":"pcb;","588":"xza/"};
