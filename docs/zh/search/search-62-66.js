(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-66.js"]={"bf":"yt'","bf16":"yt'","bfloat":"yt'","bfloat16":"xt/7sla/"};
