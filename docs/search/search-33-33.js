(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-33.js"]={"33":"{l/oaGnaa/","330":"ewa/","331":"}oa/","334":"jla;","337":"ewaG","339":"jlaG"};
