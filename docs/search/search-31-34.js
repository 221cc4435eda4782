(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-34.js"]={"14":"|m/fh/bd/","140":"tfa/","143":"tfa;y{;","1437":"ge/m/","146":"tfa;ug/","147":"lna/","149":"k}a/"};
