(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-37.js"]={"57":"|m/uw/","570":"k}a;","578":"lna/"};
