(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-77.js"]={"twice":"xp/w/","two":"~c/pb/ea/`/~a/ia/d/z;}/rb;b/o/`/`Gca/oa/i/s/ka/x''c;na;|;g/","two_i":"xv++"};
