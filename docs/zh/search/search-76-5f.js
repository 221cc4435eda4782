(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-5f.js"]={"v_θ":"snaS//;h/d/w/`//","v_θ_old":"snaG"};
