(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-66.js"]={"bf":"zh'","bf16":"zh'","bfloat":"zh'a'","bfloat16":"yh/7a+"};
