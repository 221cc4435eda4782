(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-34.js"]={"14":"pq/wi/bd/","140":"yka/","143":"yka;y{;","1437":"ge/m/","146":"yka;ug/","147":"qsa/","149":"pcb/"};
