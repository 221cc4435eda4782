(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-69.js"]={"2i":"{}aSjSa/;;;oc/`/c/c/vcG;/"};
