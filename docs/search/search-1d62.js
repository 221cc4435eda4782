(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-1d62.js"]={"ᵢ":"sc/kc/}i/c;{b;a/a/`i;i//ec;i//tb;f////sG`/e/;|d/dzS/};u/jb;"};
