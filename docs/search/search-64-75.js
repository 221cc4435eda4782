(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-75.js"]={"dumps":"hg+i+sp+","during":"zi/jb/a/"};
