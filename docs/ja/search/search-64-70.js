(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-70.js"]={"dpi":"kf++z+++ei+nb+sd+hd+kd+kb+xh+{c+ic+xo+qd+"};
