(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6c.js"]={"ylabel":"kf'{'`'jp'id'kd'kb'xh'{c'ic'wo'od'''","ylim":"cs'hua'"};
