(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-35-32.js"]={"52":"beb/","527":"ewa/","528":"|~a/"};
