(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-66.js"]={"if":"k/ec/n/m/m/|/i/k/m/h/c/da/ya/ce/e/a/fa/aa/a/h/qa/e/d/dc/"};
