(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-75.js"]={"bucket":"r~++","buffer":"oz'nb'","build":";~s'g''uj'`'","build_parser":"`t+g++uj+`+","build_site":";","but":"ev/"};
