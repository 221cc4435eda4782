(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-34-32.js"]={"42":"xp/df/","421":"xp/","423":"jm/","424":"~v/"};
