(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6c.js"]={"slightly":"vw/","slope":"zk/reaSl/|l/","slopes":"mn/`caG5%---b'bm/","slow":"aca/","slower":"beb/","slowly":"jla/"};
