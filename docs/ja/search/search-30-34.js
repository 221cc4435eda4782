(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-30-34.js"]={"04":"`a/qta/","040":"k|/}`a;","044":"k}a;","048":"uf/mo;","049":"kl/"};
