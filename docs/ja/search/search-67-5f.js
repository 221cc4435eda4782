(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-5f.js"]={"g_loss":"ip+c+ya+h+"};
