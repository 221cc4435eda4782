(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-76.js"]={"v":"a/ba/n;ed+|cSh//c+`++7c+7`/i++`So+bd+h3a'c//////b;qa;v/b;l/}a;ea;t+va;o7e7"};
