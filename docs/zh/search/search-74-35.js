(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-35.js"]={"t5":"|~aGce/"};
