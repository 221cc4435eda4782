(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-35.js"]={"55":"ufGj}a;","551":"}oa/","554":"|~a/","557":"|~a/"};
