(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-69.js"]={"pi":"dn+cz''u''c't+e++","pieter":"ab/via/","pip":"de/ln/z|/","pixelcnn":"rc/"};
