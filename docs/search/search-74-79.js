(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-79.js"]={"type":"}h/d+`+`+r+uh'qc+/+x`a+a+d+","typed":"d}/jb/qa/","types":"tr/","typing":"tr+d+"};
