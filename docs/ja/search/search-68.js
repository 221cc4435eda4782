(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68.js"]={"h":[389,48,3,16,1,16,145,16,16,8,1,8,1,8,285,8,3,8,1,8,1,8]};
