(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-65.js"]={"venv":"/"};
