(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-1d62.js"]={"qᵢ":"pba/u//","qᵢᵀkⱼ":"op/h;c//","qᵢᵀkⱼ_":"pba/","qᵢᵀw_":"pba/"};
