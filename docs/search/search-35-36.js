(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-36.js"]={"56":"kl;gyStv/ac/`b/","568":"pcb/"};
