(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-35.js"]={"250":"ev/","256":"op/oa/~/df/rdG"};
