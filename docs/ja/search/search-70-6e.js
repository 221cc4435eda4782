(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-6e.js"]={"png":"de;da;yaa;xj/bd/"};
