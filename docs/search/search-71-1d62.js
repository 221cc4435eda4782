(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-1d62.js"]={"qᵢ":"dgb/u//","qᵢᵀkⱼ":"oqa/h;c//","qᵢᵀkⱼ_":"dgb/","qᵢᵀw_":"dgb/"};
