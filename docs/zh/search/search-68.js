(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68.js"]={"h":"|c;e++7+b++o+++++da++xn//g++liSf//re++xG;ciGa//af/n+++ujGud+a+++"};
