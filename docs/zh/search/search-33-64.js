(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-64.js"]={"3d":"xja/","3d_ff":"huaG"};
