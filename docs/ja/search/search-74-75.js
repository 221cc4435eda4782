(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-75.js"]={"tuple":"a+ga+b+ba+++vd+c+m+da+f+{o+na+"};
