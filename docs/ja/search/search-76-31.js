(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-31.js"]={"v1":"tfa/n/~/a/mb/oa/"};
