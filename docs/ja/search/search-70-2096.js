(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-2096.js"]={"pₖ":"wia/eSb/bGf/;/"};
