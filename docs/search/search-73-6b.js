(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6b.js"]={"skip":"o/ac/ja/`/fp/{q/","skips":"~d+`+`h/vpa/","sklearn":"vg+l{+"};
