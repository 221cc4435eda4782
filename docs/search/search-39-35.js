(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-35.js"]={"95":"hja/seS~/pbSbt/","950":"tva/bd/"};
