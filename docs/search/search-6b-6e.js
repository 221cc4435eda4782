(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-6e.js"]={"know":[713,16],"known":[518,16],"knows":[2,16,412,16,29,16]};
