(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6b-69.js"]={"kind":"ct+c+lc/","king":"}oa/","kingma":"qca/","kiros":"hy/eg/"};
