(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-63.js"]={"dcgan":"mn;n0$$$$$$$$$$$$$$$$$mT$$$$$$$$$$$$$$$$$$$$$$$$$$d/"};
