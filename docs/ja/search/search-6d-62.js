(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-62.js"]={"mb":"wh/gi/|v+++++b+","mbaut":"lna/"};
