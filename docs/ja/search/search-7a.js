(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a.js"]={"z":"haCd+c7ha/`7a+kg;ld33a7+ba'b3`/a+lS//`;`S/;;e/r;e/a/c;c+ka///t|Gd/tm++b++`+++oj+++"};
