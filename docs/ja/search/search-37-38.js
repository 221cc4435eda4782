(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-37-38.js"]={"78":"tfa/","785":"lna/","787":"k}a;"};
