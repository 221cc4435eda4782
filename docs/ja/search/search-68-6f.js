(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-6f.js"]={"ho":"ab/","holde":"}oa/","holtzman":"lna/","hongyu":"yz/","horizon":"jha+a+","hot":"ldb'","how":"{j+"};
