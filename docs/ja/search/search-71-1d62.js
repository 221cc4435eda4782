(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-1d62.js"]={"qᵢ":"wjb/u//","qᵢᵀkⱼ":"cua/h;c//","qᵢᵀkⱼ_":"wjb/","qᵢᵀw_":"wjb/"};
