(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-31-37.js"]={"17":"a/gm/lc/","173":"xp/","174":"xp/"};
