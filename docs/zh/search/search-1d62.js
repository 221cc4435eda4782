(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-1d62.js"]={"ᵢ":"sc/kc/zf/c;{b;a/a/oh;i//ec;i//tb;f////sG`/e/;|d/dzS/};u/jb;","ᵢgᵢ":"{ba/"};
