(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-6f.js"]={"how":"}k++"};
