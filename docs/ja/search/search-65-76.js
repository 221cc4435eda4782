(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-76.js"]={"eval":"vd+g+ay+l'`'n'`'","eval_batches":"q~+p+`+","eval_seconds":"q~+`+","evaluate":"b~+m+","even":"kaa'''"};
