(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-5f.js"]={"s_":"z{Gg//kda/","s_ijbh":"ywa/"};
