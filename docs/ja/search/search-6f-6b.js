(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6b.js"]={"ok":"}g'b'ec'{s'"};
