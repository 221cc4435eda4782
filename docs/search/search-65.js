(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65.js"]={"e":"nf+ga+ua+|+sb+f/hb+sb+na+ic+b+xGb/j;ub+d+}a+j+y/se/ca+u++`+xc+ma;ab+c+f/qd+b+pf/c/nd+}S/a/z;p++qa+y/"};
