(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6b.js"]={"ok":"jf'{'l'ye'`'bb'l'za'ca'b'zd'p'gd'jb'pa'xf'{c'ea'pb'ep'fd'"};
