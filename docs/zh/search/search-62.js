(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62.js"]={"b":"mb;eS//zb+yr;};ge+ub;v/"};
