(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32.js"]={"2":"`a/el/b'a'a'a'`'t/oa/nS`?//kaSs/i//j/ra/`'`'h'eSa'fT$>2&&2&22&&&&&2&&&&&0$$$0$$$($$$$$$$$$$$lfSm/pa/eG`//`//da;/"};
