(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-6e.js"]={"know":"~v/","known":"up/","knows":"a/gm/{/"};
