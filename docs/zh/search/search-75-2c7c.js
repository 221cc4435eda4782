(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75-2c7c.js"]={"uⱼ":"pja/q{;"};
