(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-64.js"]={"3d":"jla/","3d_ff":"yvaG"};
