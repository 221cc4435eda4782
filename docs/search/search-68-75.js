(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-75.js"]={"hundredths":"|};","hutter":"mn/"};
