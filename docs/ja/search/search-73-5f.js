(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-5f.js"]={"s_":"l}Gg//kda/","s_ijbh":"kya/"};
