(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f.js"]={"o":"hw/mq/hn/"};
