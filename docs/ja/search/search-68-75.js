(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-75.js"]={"hu":"iz/","huang":"m~/","huber":"jka/m/","human":"xja/","hutter":"vha/"};
