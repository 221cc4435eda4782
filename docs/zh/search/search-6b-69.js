(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-69.js"]={"kind":"wh+c+","kingma":"{l/"};
