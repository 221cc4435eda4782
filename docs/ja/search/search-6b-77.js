(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-77.js"]={"kwargs":"gg+d+a++pg7`+"};
