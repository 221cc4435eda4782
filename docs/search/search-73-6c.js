(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6c.js"]={"slightly":"ev/","slope":"jk/qdaSl/|l/","slopes":"|m/~aaG5%---b'bm/","slow":"oaa/","slower":"pcb/","slowly":"xja/"};
