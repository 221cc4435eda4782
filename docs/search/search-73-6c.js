(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6c.js"]={"slope":"opSkm/","slopes":"opG5%---b'bm/","slow":"kl/"};
