(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-72.js"]={"url":[192,4,4,24,2,8,4,4,19,16],"urllib":[198,8],"urlopen":[198,8]};
