(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-5f.js"]={"v_θ":"niaS//;h/d/w/`//","v_θ_old":"niaG"};
