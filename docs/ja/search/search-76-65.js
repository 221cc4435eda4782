(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-65.js"]={"vector":"qla+","vedaldi":"hy/tf/","venv":"`/","version":"ug'ih'se'dc'rf'ma'yk+xb'lt'"};
