(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-69.js"]={"wikitext":"~v/","with":"jf'vb'kc/w'h'z''f'~d'h'gd/","with_name":"jf+vb+"};
