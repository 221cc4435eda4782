(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-74.js"]={"dtype":"b'w+x+ba+d+e'h'n'td++++++rc++j+jf+hc++l+ma++`+t+q+"};
