(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76-6f.js"]={"vocab":"ea'n'''ia'`'g'fa'vd'qc''pa'a''d'a'r'ga'a'b'qb''g''na''|d''a'"};
