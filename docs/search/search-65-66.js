(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-66.js"]={"effect":"ct/km/","efficient":"tgb/"};
