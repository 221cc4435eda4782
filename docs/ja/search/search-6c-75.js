(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-75.js"]={"lu":"uc'j'v'{a'gh'f'xb'bh/oo'b''wn'n'`'ek/","luan":"xza/"};
