(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bc-5f.js"]={"μ_":"l}Gg///ebGg///","μ_b":"}f/xrGi//","μ_θ":"ab;v/b//"};
