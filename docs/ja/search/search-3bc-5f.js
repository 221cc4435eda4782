(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bc-5f.js"]={"μ_":"`baGg///ebGg///","μ_b":"}f/lvGi//","μ_θ":"ab;v/b//"};
