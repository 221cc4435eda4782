(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-1d62.js"]={"ᵢ":"sc/kc/jf/c;{b;a/a/ng;i//ec;i//tb;f////sG`/e/;|d/dzS/};u/jb;"};
