(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-78-6c.js"]={"xl":"na/yj/}?hAE-%%%--%j/o3bh;mbT$$$$$$$$$$$$$$$$$$$$$$$$$$6&&&&&&&&&$$$B&&&*&&&&&&&&&&&&","xlabel":"~g'zo'"};
