(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-32.js"]={"12":"ev;ug;","120":"jh/","127":"/","128":"arSbdSug;"};
