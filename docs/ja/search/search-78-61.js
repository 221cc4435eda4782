(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-61.js"]={"xavier":"hy/h3'hba3","xavier_normal_":"ry++","xavier_uniform_":"}{a+","xaxis":"x}'"};
