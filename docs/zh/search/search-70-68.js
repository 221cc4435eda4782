(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-68.js"]={"philipp":"kma/","phillip":"uv/"};
