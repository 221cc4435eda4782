(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-37.js"]={"47":"fha;y{/","473":"|~a/","475":"|~a/","477":"|~a/"};
