(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-74.js"]={"dtype":"aa'w+x+ba+d+e'h'n'|e++++++je++j+jh+qc/h++w+~a++`+ga+q+"};
