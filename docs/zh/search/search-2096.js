(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-2096.js"]={"ₖ":"iha/la/e;b/b/f/;/wb;np/"};
