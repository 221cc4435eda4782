(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-77.js"]={"own":"`a/}a/m/la/s/g/hb/ib/c/x/h/}//}a/c/`/b/s/`bGma/ue;/j/r/re/oa/"};
