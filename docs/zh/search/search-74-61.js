(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-61.js"]={"table":"~f'e'vp'j'","tanh":"~p/"};
