(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-67-6f.js"]={"go":"w/}c/er/a/","god":"jm/lc/","goes":"wd/|/d/hd/}/ab/|e/","good":"~v/","got":"}j/"};
