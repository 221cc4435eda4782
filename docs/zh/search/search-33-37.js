(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-37.js"]={"37":"uf;","373":"}oaG","376":"uhbG","377":"pcb/ce;"};
