(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b1-78.js"]={"αx":"a{;f/`/","αxₗ":"yz/`/b/"};
