(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-75.js"]={"judge":"kl/d+p+","judged":"kl/","jumps":"k}a/","just":"oqa/"};
