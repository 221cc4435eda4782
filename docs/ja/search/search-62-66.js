(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-66.js"]={"bf":"`y'","bf16":"`y'","bfloat":"`y'a'","bfloat16":"~x/7a+oma/"};
