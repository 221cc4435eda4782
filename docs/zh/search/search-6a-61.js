(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-61.js"]={"jaime":"wjb/","jain":"ab/","jamie":"cea/","jan":"`ra/"};
