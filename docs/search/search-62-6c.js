(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6c.js"]={"block":"~o/w;`5%%%%%f'h/`7++pa/","blocked":"is/","blocks":"/il/}/lc;g/d7j+e7ka;"};
