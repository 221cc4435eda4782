(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6b.js"]={"skip":"o/ac/ja/`/rl/jp/","skips":"~d+`+ae/pna/","sklearn":"vg+gv+"};
