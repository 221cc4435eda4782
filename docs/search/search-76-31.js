(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-31.js"]={"v1":"cea/n/~/a/mb/oa/"};
