(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65.js"]={"e":"nf+fa+fa+sd+f/hb+dc+pa+h+lc+b+yGb/j;ub+d+}a+j+y/se/ca+u++`+xc+ma;ab+c+f/qd+b+pf/c/nd+}S/a/z;p++pa+z/"};
