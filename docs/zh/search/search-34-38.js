(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-38.js"]={"48":"wh/oq/ik/","482":"oqa/bd/ug/","488":"tfa/"};
