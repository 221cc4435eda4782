(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6c-75.js"]={"lu":"uc'j'v'{a'de'f'xb'qg/oo'b''wn'n'`'ek/","luan":"ewa/"};
