(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-61.js"]={"hado":"xja;","half":"wc+7/","hall":"qsa;","hand":"qsa/","hard":"qsa/","hasselt":"xja;","hat":"mt'''","have":"xza/"};
