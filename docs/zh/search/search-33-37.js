(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-37.js"]={"37":"uf;","373":"jlaG","376":"bebG","377":"|~a/ce;","379":"ewa/"};
