(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3b2-5f.js"]={"β_c":"z{;`/h/db/`/h/","β_t":"ab//"};
