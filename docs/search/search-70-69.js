(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70-69.js"]={"pick":"xb/qy/{e/","picks":"ib/vh/","picture":"hi/","piece":"~o;","pieces":"iz;","pip":"hi/vh/"};
