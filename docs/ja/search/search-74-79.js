(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-79.js"]={"type":"di+`+`+r+uh'qc+`+x`a+a+d+","typing":"tr+d+"};
