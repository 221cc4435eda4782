(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-78.js"]={"txt":"ir/yc/bd/as/eg/ug/ce/`b/"};
