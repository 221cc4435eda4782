(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-5f.js"]={"β_c":"l};`/h/db/`/h/","β_t":"ab//"};
