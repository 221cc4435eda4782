(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65.js"]={"e":"nd+qc+na+kb+ih+b+vj+tSoa/"};
