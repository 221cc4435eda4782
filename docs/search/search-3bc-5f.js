(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bc-5f.js"]={"μ_":"z{Gg///ebGg///","μ_b":"}f/gqGi//","μ_θ":"ab;v/b//"};
