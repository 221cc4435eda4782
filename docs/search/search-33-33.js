(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-33-33.js"]={"33":"{l/oaGnaa/","331":"}oa/","334":"jla;","337":"ewa;","339":"jlaG"};
