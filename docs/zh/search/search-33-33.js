(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-33.js"]={"33":"kl/oaGm`a/","331":"lna/","334":"xja;","339":"xjaG"};
