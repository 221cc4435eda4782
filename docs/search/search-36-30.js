(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-30.js"]={"60":"xja/su/","600":"ev;ew/btS`b/","6000":"de/","601":"lna/"};
