(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-37.js"]={"47":"fha;y{/","470":"ewa/","473":"|~a/","475":"|~a/","476":"ewa/","477":"|~a/"};
