(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-34.js"]={"54":"nab;","543":"lna/"};
