(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-31.js"]={"41":"`a/|n/pca/|n/","414":"qsa/","415":"uhb/"};
