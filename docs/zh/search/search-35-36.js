(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-36.js"]={"56":"~o;xzStv/ac/`b/","568":"uhb/"};
