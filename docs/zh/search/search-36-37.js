(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-36-37.js"]={"67":"`a/kmGxka/"};
