(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-66.js"]={"bf":"jv'","bf16":"jv'","bfloat":"jv'","bfloat16":"iv/7tla/"};
