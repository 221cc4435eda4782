(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-75.js"]={"tuple":"`a+ga+b+ba+++re+c+y+da+f+vu+na+"};
