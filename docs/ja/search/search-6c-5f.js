(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-5f.js"]={"l_balance":"tgb/u/","l_d":"mp/q/b/ia/","l_f":"rr/na//","l_g":"fq;~b/"};
