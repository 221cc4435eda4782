(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-63-61.js"]={"callable":"a+nb+x+sd+o+ig+m+","carbonell":"ny/","care":"xp/","cat":"tl+hl+q+a+x+s+","causal":"js'a++b''b'","cause":"xp/"};
