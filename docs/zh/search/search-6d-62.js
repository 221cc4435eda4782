(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-62.js"]={"mb":"wh/zl/nx+++++b+","mbaut":"qsa/"};
