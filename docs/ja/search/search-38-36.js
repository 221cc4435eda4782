(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-36.js"]={"86":"beb/"};
