(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-63.js"]={"dcgan":"jk;n0$$$$$$$$$$$$$$$$$mT$$$$$$$$$$$$$$$$$$$$$$$$$$d/"};
