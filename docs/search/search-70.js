(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-70.js"]={"p":"tb/~b+dg/fh/gb+gb+{/c/sa+jSjS`/a;;ca+"};
