(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a-75.js"]={"judge":"{l/d+p+","judged":"{l/","jumps":"|~a/","just":"asa/bd/"};
