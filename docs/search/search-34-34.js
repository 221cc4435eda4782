(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-34.js"]={"44":"iz/`ca/","440":"k|/","442":"k}a;","447":"lna/"};
