(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-36.js"]={"96":"{l/hz/tv/","965":"}oa/"};
