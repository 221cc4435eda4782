(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-61.js"]={"hado":"sea;","half":"wc+7/","hall":"lna;","hand":"lna/","hard":"lna/","hasselt":"sea;","hat":"yp'''","have":"sua/"};
