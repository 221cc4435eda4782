(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-6d.js"]={"rms":"dfaG'","rmsnorm":"{|;n/tf/~T:&&&&&&&&&&&&"};
