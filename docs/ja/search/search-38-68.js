(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-38-68.js"]={"8h":[389,16,3,16]};
