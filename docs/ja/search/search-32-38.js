(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-38.js"]={"28":"pba;gi/ug/","281":"n`a/","285":"}oa/","286":"qsa/","289":"pcb/"};
