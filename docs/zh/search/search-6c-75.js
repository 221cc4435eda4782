(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-75.js"]={"lu":"ap'n'`'yg/","luan":"xp/"};
