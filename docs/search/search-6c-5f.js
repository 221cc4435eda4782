(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-5f.js"]={"l_balance":"adb/u/","l_d":"jm/q/b/ia/","l_f":"oo/na//","l_g":"cn;~b/"};
