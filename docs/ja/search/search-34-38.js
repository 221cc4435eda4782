(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-38.js"]={"48":"wh/tv/ik/","482":"tva/bd/ug/","488":"yka/"};
