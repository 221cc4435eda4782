(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2079.js"]={"⁹":"sea/oq/"};
