(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-75.js"]={"lu":"uc'j'v'{a'sd'f'xb'pf/oo'b''wn'n'`'ek/","luan":"sua/"};
