(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-69.js"]={"2i":"obbSjSa/;;;oc/`/c/c/vcG;/"};
