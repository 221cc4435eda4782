(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-61-67.js"]={"again":"na;~c7`a/fd/xb/bc;ch/","against":"te/va/i/oe/ri/u;a//qa;c/q/","agree":"{i/qi;"};
