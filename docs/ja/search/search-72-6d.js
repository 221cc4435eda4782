(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-72-6d.js"]={"rms":"~`aG'","rmsnorm":"vw;n/tf/~T:&&&&&&&&&&&&"};
