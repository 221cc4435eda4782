(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-66.js"]={"bf":"bk'","bf16":"bk'","bfloat":"bk'a'","bfloat16":"ak/7a+"};
