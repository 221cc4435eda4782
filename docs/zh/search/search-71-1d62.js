(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-1d62.js"]={"qᵢ":"ny/u//","qᵢᵀkⱼ":"pl/h;c//","qᵢᵀkⱼ_":"ny/","qᵢᵀw_":"ny/"};
