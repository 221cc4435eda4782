(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a.js"]={"z":"haCd+c7ha/`7a+cf;ab33a7+ba'b3`/a+lS//`;`S/;;e/r;e/a/c;c+ka///c{Gd/tm++b++`+++oj+++"};
