(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-69.js"]={"pi":"wq+t{''u''c't+e++","pieter":"ab/{na/","pip":"de/`r/l~/","pixelcnn":"rc/"};
