(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-34.js"]={"94":"fha/","946":"ewa/"};
