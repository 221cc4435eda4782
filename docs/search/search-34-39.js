(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-39.js"]={"49":"ufS}ab/","493":"n`a/`ca/"};
