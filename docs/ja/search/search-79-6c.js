(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-6c.js"]={"ylabel":"kf'{'`'vl'wb'kd'kb'xh'{c'ic'wo'od'''","ylim":"oo'vsa'"};
