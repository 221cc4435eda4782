(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76.js"]={"v":"`a/ba/n;vd+leSh//c+`++7c+7`/i++fSy+he+v3a'c//////i;xa;v/m;l/mb;ta;t+zb;o7e7"};
