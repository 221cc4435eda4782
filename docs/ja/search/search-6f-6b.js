(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-6b.js"]={"ok":"jf'{'m'he'`'bb'l'ob'b'mb'za'q'fd'jb'qa'wf'{c'fa'ob'ep'gd'"};
