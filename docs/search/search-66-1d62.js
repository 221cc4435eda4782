(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-1d62.js"]={"fᵢ":"adbGu/","fᵢpᵢ":"xdb/"};
