(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65.js"]={"e":"nd+qc+na+kb+}c/id+b+xf/c/vc+tSoa/"};
