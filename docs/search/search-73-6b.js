(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6b.js"]={"skip":"o/ac/ja/`/sm/zp/","skips":"~d+`+pd/rpa/","sklearn":"ug+yw+"};
