(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-78.js"]={"txt":"js/jd/bd/as/egGug/ce/`b/"};
