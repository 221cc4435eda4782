(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-68-6f.js"]={"holds":"hd/yg/aa/xf//g//ra;l/l/","how":"dc/pa/l/aa/ca/b/{a/e7+/`;/oa/za/{/bd/qf/j/`/","however":"rq/"};
