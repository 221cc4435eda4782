(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2096.js"]={"ₖ":"|ka/la/e;b/b/f/;/wb;np/"};
