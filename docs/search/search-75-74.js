(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-74.js"]={"utilities":[0,16,383,16,400,17,1,1,1,1,1,1,1,1,1,1,1,1],"utils":[142,8]};
