(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bc.js"]={"μ":"ab;q/a/ed/ks/afGf///t/"};
