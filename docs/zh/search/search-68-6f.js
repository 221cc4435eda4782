(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-6f.js"]={"ho":"ab/","holde":"lna/","holtzman":"zla/","hongyu":"hy/","horizon":"xfa+a+","hot":"zbb'","how":"mj+"};
