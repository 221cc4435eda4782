(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-62-6c.js"]={"block":"du/~;`5%%%%%f'h/`7++cb/","blocked":"hy/","blocks":"/}o/`b/bd;g/d7j+e7}a;"};
