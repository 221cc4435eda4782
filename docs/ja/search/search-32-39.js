(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-39.js"]={"291":"pcbS","292":"xjaG","295":"iz/","296":"iz/","298":"xja/qc/ac/bd/","299":"xja/"};
