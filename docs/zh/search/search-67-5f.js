(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-5f.js"]={"g_loss":"ul+c+ya+h+"};
