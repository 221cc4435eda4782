(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-61.js"]={"kaiming":"nz'of/","kaiming_uniform_":"nz+","kale":"ega/","kantorovich":"ct/","kavukcuoglu":"xja/"};
