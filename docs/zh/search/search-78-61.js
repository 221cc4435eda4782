(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-61.js"]={"xavier":"m~/h3'hba3","xavier_normal_":"w~++","xavier_uniform_":"cbb+","xaxis":"}ca'"};
