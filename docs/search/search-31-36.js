(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-36.js"]={"16":"hc'jc/cb/'a'jd;lc/nb;sc/s/"};
