(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bb.js"]={"λ":"}i/g/}G/|//bb/jb/"};
