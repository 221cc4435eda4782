(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-74-5f.js"]={"t_cpu":"bia+{c+","t_emb":"cd7`+u+`+++"};
