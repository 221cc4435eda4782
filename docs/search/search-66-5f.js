(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-5f.js"]={"f_fake":"bq7+`7+","f_hat":"kq++","f_real":"bq7+"};
