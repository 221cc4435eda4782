(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-61.js"]={"xavier":"yz/h3'hba3","xavier_normal_":"d{++","xavier_uniform_":"o}a+","xaxis":"j`a'"};
