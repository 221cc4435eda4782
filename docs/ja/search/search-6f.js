(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f.js"]={"o":"{z/mq/hn/"};
