(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-75.js"]={"bucket":"tw++","buffer":"at'jb'","build":";ho'g''nh'`'","build_parser":"io+g++nh+`+","build_site":";","but":"xp/"};
