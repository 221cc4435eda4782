(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-37.js"]={"47":"tfa;y{/","473":"k}a/","475":"k}a/","477":"k}a/"};
