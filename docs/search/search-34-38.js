(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-38.js"]={"48":"`a/z|/","482":"ar/bd/"};
