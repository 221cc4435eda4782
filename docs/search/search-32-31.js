(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-31.js"]={"21":"uf;","211":"rc/ac;","213":"k}a/","214":"k}a;","216":"lna/","217":"tfa/","219":"k}a/"};
