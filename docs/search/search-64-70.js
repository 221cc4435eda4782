(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-64-70.js"]={"dpi":"kf++z+++bf+nb+fe+ec+kd+kb+xh+{c+ic+xo+qd+"};
