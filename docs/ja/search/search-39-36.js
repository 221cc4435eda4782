(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-39-36.js"]={"96":"~o/xz/tv/","965":"qsa/"};
