(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-34.js"]={"14":"|}/","143":"|}/","146":"|}/"};
