(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-39.js"]={"59":"~o/twaG","593":"uhb/","599":"qsa/"};
