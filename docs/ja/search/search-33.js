(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33.js"]={"3":"vf/qfGy/c;/pa;s;`/`/|d/nc/"};
