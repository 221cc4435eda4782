(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-6e.js"]={"knomes":"}oa/","known":"gpa''","known_words":"gpa++"};
