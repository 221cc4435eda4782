(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-61.js"]={"kaiming":"iu'of/","kaiming_uniform_":"iu+","kale":"`ba/","kantorovich":"op/","kavukcuoglu":"sea/"};
