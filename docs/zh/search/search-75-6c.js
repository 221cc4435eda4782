(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-6c.js"]={"ulyanov":"hy/tf/"};
