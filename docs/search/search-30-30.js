(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-30.js"]={"000":"arS~/z/dbGug/"};
