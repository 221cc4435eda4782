(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-6e.js"]={"knomes":"lna/","know":"ab/k}/z|/","known":"wfa/la/dfSg''d/jf/h/","known_words":"una++","knows":"wh/el/he/dv/{/"};
