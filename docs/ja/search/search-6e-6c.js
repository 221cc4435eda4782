(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6e-6c.js"]={"nlp":"/~/~p/se/"};
