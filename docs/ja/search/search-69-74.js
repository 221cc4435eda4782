(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-69-74.js"]={"it":"ar;bdS","item":"se+","items":"mg+fa+qf+he+}i+"};
