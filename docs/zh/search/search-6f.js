(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f.js"]={"o":"vu/mq/hn/"};
