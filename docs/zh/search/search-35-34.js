(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-34.js"]={"54":"`cb;","542":"ewa/","543":"}oa/","548":"ewa/","549":"ewa/"};
