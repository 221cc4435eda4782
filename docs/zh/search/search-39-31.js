(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-31.js"]={"911":"ev/"};
