(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-77.js"]={"twice":"ev/w/","two":"}d/gc/ja/`/dc/oa/n/~;`b/ac;b/o/`/gGca/bb/x/s/ka/|''n;`b;oa;g/","two_i":"k}++"};
