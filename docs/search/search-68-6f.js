(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-6f.js"]={"holds":"ge/kj/oa/hi//g//ra;p/w/","how":"cd/pa/l/ta/ka/b/hb/e7+/i;n/`b/ac/{/~d/mh/s/i/","however":"~v/"};
