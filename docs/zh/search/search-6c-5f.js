(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-5f.js"]={"l_balance":"obb/u/","l_d":"yl/q/b/ia/","l_f":"~n/na//","l_g":"rm;~b/"};
