(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-34.js"]={"14":"mn/gi/bd/","140":"fha/","143":"fha;y{;","1437":"ge/m/","146":"fha;ug/","147":"}oa/","149":"|~a/"};
