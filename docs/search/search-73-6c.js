(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6c.js"]={"slope":"plSlj/","slopes":"plG5%---b'cj/","slow":"zi/"};
