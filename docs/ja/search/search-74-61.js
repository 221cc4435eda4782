(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-61.js"]={"table":"th'e'~u'j'","tanh":"kv/"};
