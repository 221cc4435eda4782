(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-69.js"]={"kind":"uv+c+md/","king":"qsa/","kingma":"ega/","kiros":"{|/eg/"};
