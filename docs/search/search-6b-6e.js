(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-6e.js"]={"knomes":"}oa/","know":"ab/|~/z|/","known":"iha/la/dfSg''d/jf/h;","known_words":"gpa++","knows":"ij/ik/df/dv/{/"};
