(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-32.js"]={"42":"uf/df/oa/uha/ug;","420":"asa/","421":"ewa/","422":"beb;","424":"|~a/","428":"|~a/","429":"ewa/"};
