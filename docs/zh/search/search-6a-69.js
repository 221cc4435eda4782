(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-69.js"]={"jiaming":"`a/","jianlin":"`cb/","jimmy":"oaa/`b/"};
