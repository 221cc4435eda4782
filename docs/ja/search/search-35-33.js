(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-33.js"]={"53":"uf;naaGxj/","530":"ewa/","539":"|~a/"};
