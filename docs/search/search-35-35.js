(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-35.js"]={"55":"ufGj}a;","551":"}oa/eg/","554":"|~a/","557":"ewa/ug/"};
