(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-65.js"]={"vector":"`ka+","vedaldi":"vw/tf/","venv":"`/","version":"vg'wg'le'kb'qf'na'yk+wb'mt'"};
