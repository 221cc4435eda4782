(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-63.js"]={"dcgan":"yj;n0$$$$$$$$$$$$$$$$$mT$$$$$$$$$$$$$$$$$$$$$$$$$$d/"};
