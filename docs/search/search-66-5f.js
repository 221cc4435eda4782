(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-5f.js"]={"f_fake":"qp7+`7+","f_hat":"zp++","f_real":"qp7+"};
