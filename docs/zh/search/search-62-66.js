(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-66.js"]={"bf":[275,4],"bf16":[275,4],"bfloat":[275,4,3,4],"bfloat16":[274,16,1,24,3,8]};
