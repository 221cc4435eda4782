(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3c4.js"]={"τ":"aa1%ui;pcaSaS//jaS","τ_s":"`a/b/","τᵢ":"`aS`/e//","τ₁":"`a/b/","τ₂":"`a/"};
