(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-30.js"]={"80":"vw/f/mf/oca/","800":"uf/","8000":"`/"};
