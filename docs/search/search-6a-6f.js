(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-6f.js"]={"join":"da+c+se+`+ri+ig+++","joins":"zs/"};
