(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a-65.js"]={"zero":"ne'","zero_grad":"ne+","zeros":"ub+ab+ih'''ji+g'{c+mb+y+pc+g++","zeros_":"{v+","zeros_like":"dm+++"};
