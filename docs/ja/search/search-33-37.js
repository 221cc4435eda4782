(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-37.js"]={"37":"uf;","373":"xjaG","376":"pcbG","377":"k}a/ce;"};
