(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-37.js"]={"57":"pq/gy/","570":"pcb;","578":"qsa/"};
