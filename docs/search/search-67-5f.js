(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-5f.js"]={"g_loss":"fm+c+ya+h+"};
