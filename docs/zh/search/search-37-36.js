(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-36.js"]={"76":"tfa/","764":"xja/","769":"k}a/"};
