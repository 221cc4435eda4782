(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-71-5f.js"]={"q_ibhdk_jbhd":"kx/"};
