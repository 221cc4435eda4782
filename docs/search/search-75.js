(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-75.js"]={"u":"o;oa/fa/g<$$$$$$$$$$$$$$$$$$$$$$$$$$$$$$6&&&&&&&&&&&&&&&`3j/`3aaGyk/va/fxGfC+7e+jt;egSn7e7"};
