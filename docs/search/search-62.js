(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62.js"]={"b":"na;eS//zb+en;r;hd+qa;v/"};
