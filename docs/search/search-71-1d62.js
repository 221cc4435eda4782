(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-1d62.js"]={"qᵢ":"reb/u//","qᵢᵀkⱼ":"}oa/h;c//","qᵢᵀkⱼ_":"reb/","qᵢᵀw_":"reb/"};
