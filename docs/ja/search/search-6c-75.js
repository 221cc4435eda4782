(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-75.js"]={"lu":"fu'n'`'dj/","luan":"ev/"};
