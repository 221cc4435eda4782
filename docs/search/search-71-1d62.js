(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-1d62.js"]={"qᵢ":[790,16,23,16,1,16],"qᵢᵀkⱼ":[389,16,10,32,5,16,1,16],"qᵢᵀkⱼ_":[790,16],"qᵢᵀw_":[790,16]};
