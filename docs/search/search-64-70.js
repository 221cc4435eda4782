(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-70.js"]={"dpi":"kf++z+++qe+nb+sd+vb+kd+kb+xh+{c+ic+xo+qd+"};
