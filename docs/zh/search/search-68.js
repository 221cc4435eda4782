(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68.js"]={"h":"|c;e++7+b++o+++++da++jp//g++liSf//re++xG;ciGa//af/n+++ujGud+a+++"};
