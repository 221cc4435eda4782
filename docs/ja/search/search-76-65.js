(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-65.js"]={"vector":"epa+","vedaldi":"{|/tf/","venv":"`/","version":"vg'kk'{f'mb'qf'na'yk+wb'mt'"};
