(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-7a.js"]={"szegedy":"hy/n/"};
