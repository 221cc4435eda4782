(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-31.js"]={"21":"uf;","211":"rc/ac;","213":"|~a/","214":"|~a;","215":"ewa/","216":"}oa/","217":"fha/","219":"|~a/"};
