(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6f-77.js"]={"own":"a/}a/m/la/s/g/qa/wa/c/x/h/e//ma/c/`/b/o/}Gma/md;/j/c/qd/|/"};
