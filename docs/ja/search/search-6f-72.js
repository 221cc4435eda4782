(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-72.js"]={"or":"tuGwd/","origin":"~e'"};
