(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-61.js"]={"kaiming":"zv'of/","kaiming_uniform_":"zv+","kale":"qca/","kantorovich":"`q/","kavukcuoglu":"ega/"};
