(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-209b.js"]={"lₛᵢₘₚₗₑ":"o/n/~/ea/ya/s1%%%%%%%%q/"};
