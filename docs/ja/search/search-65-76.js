(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-76.js"]={"eval":"wc+g+bs+l'`'n'`'","eval_batches":"sw+p+`+","eval_seconds":"sw+`+","evaluate":"dw+m+","even":"{x'''"};
