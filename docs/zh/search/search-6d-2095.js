(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6d-2095.js"]={"mₕ":"oqaG1%1%%=%%1/d/"};
