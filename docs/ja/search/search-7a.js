(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-7a.js"]={"z":"haCd+c7ha/`7a+tg;`a33a7+ba'b3`/a+lS//`;`S/;;e/r;e/a/c;c+ka///d|Gd/tm++b++`+++oj+++"};
