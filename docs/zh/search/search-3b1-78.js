(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1-78.js"]={"αx":"oy;f/`/","αxₗ":"hy/`/b/"};
