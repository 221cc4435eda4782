(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-6c.js"]={"xl":"mb/om/`b?hAE-%%%--%j/o3ij;qcT$$$$$$$$$$$$$$$$$$$$$$$$$$6&&&&&&&&&$$$B&&&*&&&&&&&&&&&&","xlabel":"yi'}t'"};
