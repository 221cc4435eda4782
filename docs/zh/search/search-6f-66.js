(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-66.js"]={"of":"{l/ce/bd;","off":"ev/","offset":"daa7a+k++","ofir":"op/"};
