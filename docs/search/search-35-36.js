(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-36.js"]={"56":"{l;hzStv/ac/`b/","568":"beb/"};
