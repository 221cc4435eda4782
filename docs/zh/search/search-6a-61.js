(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-61.js"]={"jaime":"dgb/","jain":"ab/","jamie":"oaa/","jan":"lna/"};
