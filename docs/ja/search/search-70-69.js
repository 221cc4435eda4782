(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-69.js"]={"pi":"tn+d{''u''c't+e++","pieter":"ab/hka/","pip":"de/mo/k}/","pixelcnn":"rc/"};
