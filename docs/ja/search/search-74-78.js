(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-78.js"]={"txt":"js/jd/bd/as/eg/ug/ce/`b/"};
