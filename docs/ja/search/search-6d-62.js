(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-62.js"]={"mb":"ij/vh/mw+++++b+","mbaut":"}oa/"};
