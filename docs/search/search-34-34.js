(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-34.js"]={"44":"n`a/`ca/","440":"pba/","442":"pcb;","447":"qsa/"};
