(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-77-2091.js"]={"wₑ":[533,16,5,16,16,16]};
