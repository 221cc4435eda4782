(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3bc.js"]={"μ":"ab;q/a/ed/ks/afGf///t/","μ_":"l}Gg///ebGg///","μ_b":"}f/xrGi//","μ_θ":"ab;v/b//","μ₁":"uf/","μ₂":"uf/","μₐ":"}f/"};
