(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-36.js"]={"96":"kl/gy/tv/","965":"lna/"};
