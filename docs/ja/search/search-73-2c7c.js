(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-2c7c.js"]={"sⱼ":"`cbG;b/"};
