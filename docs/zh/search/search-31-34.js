(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-34.js"]={"14":"~v/","143":"~v/","146":"~v/"};
