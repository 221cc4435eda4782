(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-1d62.js"]={"hᵢ":"`cbS","hᵢe":"`cb;"};
