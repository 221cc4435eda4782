(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-76.js"]={"available":"eh'","average":"{i/f//qf/","averaged":"sb/}/ba/jr/n/","averages":"{c/v/b/pc/ma//ia/","avoid":"lr/"};
