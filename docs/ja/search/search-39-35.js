(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-35.js"]={"95":"cea/seS~/pbSbt/","950":"oqa/bd/"};
