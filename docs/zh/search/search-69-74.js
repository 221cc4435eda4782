(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-74.js"]={"it":"jm;lcS","item":"td+","items":"|e+aa+vd+bd+vg+"};
