(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32.js"]={"2":"a/dj/b'a'a'a'`'n/aa/dS`?//sSs/i//j/da/`'`'h'eSa'T$>2&&2&22&&&&&2&&&&&0$$$0$$$($$$$$$$$$$$zdSm/~/eG`//`//q;/"};
