(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-5f.js"]={"f_fake":"et7+`7+","f_hat":"nt++","f_real":"et7+"};
