(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-61.js"]={"jaime":"reb/","jain":"ab/","jamie":"}~/","jan":"zla/"};
