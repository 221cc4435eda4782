(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-6f.js"]={"ho":"ab/","holde":"qsa/","holtzman":"`ra/","hongyu":"m~/","horizon":"}ka+a+","hot":"`hb'","how":"{y++"};
