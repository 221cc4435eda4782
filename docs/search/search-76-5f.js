(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-5f.js"]={"v_θ":"`kaS//;h/d/w/`//","v_θ_old":"`kaG"};
