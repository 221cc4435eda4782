(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-74.js"]={"dtype":"b'w+x+ba+d+e'h'n'td++++++rc++j+jf+}b/h++l+ma++`+t+q+"};
