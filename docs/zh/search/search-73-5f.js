(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-5f.js"]={"s_":"`baGg//kda/","s_ijbh":"~|a/"};
