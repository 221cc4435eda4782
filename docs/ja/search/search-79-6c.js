(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6c.js"]={"ylabel":"kf'{'`'ym'fc'kd'kb'xh'{c'ic'wo'od'''","ylim":"`p'wta'"};
