(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6b.js"]={"ok":"jf'{'m'{h'`'bb'l'ob'b'ec'tb'q'fd'jb'qa'wf'{c'fa'ob'ep'gd'"};
