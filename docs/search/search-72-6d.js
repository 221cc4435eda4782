(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-6d.js"]={"rms":"pbaG'","rmsnorm":"hy;n/tf/~T:&&&&&&&&&&&&"};
