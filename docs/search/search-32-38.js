(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-38.js"]={"28":"|};gi/ug/","281":"z{/","284":"asa/bd/","285":"jla/","286":"}oa/","289":"|~a/"};
