(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-65-6c.js"]={"element":"{l/fh;/nl/","else":"`a/kv/","elsewhere":"bk/"};
