(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-5f.js"]={"_":"{b+za+us+}+rd+~b+hG"};
