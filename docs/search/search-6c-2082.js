(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-2082.js"]={"l₂":"aca/y/"};
