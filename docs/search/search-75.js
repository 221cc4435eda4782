(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75.js"]={"u":"o;oa/fa/g<$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$6&&&&&&&&&&&&&&&`3j/`3aaGfh/va/tvGfC+7e+jt;egSn7e7"};
