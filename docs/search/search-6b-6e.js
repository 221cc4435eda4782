(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-6e.js"]={"knomes":"qsa/","know":"ab/pca/z|/","known":"|ka/la/dfSg''d/jf/h/","known_words":"zsa++","knows":"wh/gq/ke/dv/{/"};
